// Files editors write next to the one being edited (locks, swap files, backups, safe-write
// temporaries). They are never content, templates or styles, so the watcher and the rebuild
// rule ignore them: a save must not trigger a second rebuild, or a template reload, for them.

const EDITOR_FILES: RegExp[] = [
  // Dot files: Emacs locks (.#post.md), vim swap files (.post.md.swp), macOS .DS_Store,
  // GNOME's .goutputstream-XXXXXX, and every other hidden file (content ignores them too).
  /^\./,
  // Backups: Emacs, gedit and Kate (post.md~); Emacs auto-save (#post.md#).
  /~$/,
  /^#.*#$/,
  // Vim swap files kept in a 'directory' of their own (%path%post.md.swp, .swo, .swn, .swx).
  /\.sw[nopx]$/i,
  // Vim writes and deletes this file to test that a folder is writable. Only the exact name:
  // a folder named with digits (images/2024) must stay watched.
  /^4913$/,
  // Temporaries: generic *.tmp, our own atomic writes (*.tmp-1234), JetBrains' safe write.
  /\.tmp$/i,
  /\.tmp-/,
  /___jb_(tmp|old)___$/,
  // Chromium's File System Access swap file.
  /\.crswap$/,
];

/** True for an editor's temporary, swap, lock or backup file (judged by its name alone). */
export function isEditorTempFile(path: string): boolean {
  const name = path.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? '';
  return EDITOR_FILES.some((pattern) => pattern.test(name));
}
