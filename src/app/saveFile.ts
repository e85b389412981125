/**
 * Offers `file` for download, as a link with `download` clicked would: the browser saves it under
 * its name. The address is freed a moment later, the download having its own copy by then.
 */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
