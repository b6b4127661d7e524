// The terminal takes the keys as soon as it is drawn: whoever opens the page can type
// at once, without a click first (textual.js leaves the focus on the page).
function focusTheTerminal() {
  const keys = document.querySelector("#terminal .xterm-helper-textarea");
  if (keys) {
    keys.focus();
  }
  return Boolean(keys);
}

if (!focusTheTerminal()) {
  new MutationObserver((changes, observer) => {
    if (focusTheTerminal()) {
      observer.disconnect();
    }
  }).observe(document.body, { childList: true, subtree: true });
}
