/**
 * Hands a file fetched through the API client (so the bearer token went with it; a plain link would not
 * carry it) to the browser as a download named `fileName`.
 */
export function saveFile(data: Blob | string, fileName: string, type = 'text/csv'): void {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
