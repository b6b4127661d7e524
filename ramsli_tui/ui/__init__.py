"""The Textual face of ramsli: a full-screen table for one human and computer players."""
