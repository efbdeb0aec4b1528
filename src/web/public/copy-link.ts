/**
 * Copies a button's `data-copy-link` address to the clipboard and says so on the button, in the
 * text of its `data-copied` attribute. Plain DOM, so public pages need no React for it.
 */
export function copyLink(button: HTMLElement) {
  const url = button.getAttribute('data-copy-link');
  if (!url || !navigator.clipboard) return;
  void navigator.clipboard.writeText(url).then(() => {
    button.textContent = button.getAttribute('data-copied') ?? button.textContent;
  });
}
