// The terminal takes the keys as soon as it is drawn: whoever opens the page can type
// at once, without a click first (textual.js leaves the focus on the page).
new MutationObserver((changes, observer) => {
  const keys = document.querySelector("#terminal .xterm-helper-textarea");
  if (keys) {
    keys.focus();
    observer.disconnect();
  }
}).observe(document.body, { childList: true, subtree: true });
