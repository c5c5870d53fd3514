/** A multipart/form-data body with one file part, and the content-type header that names its boundary. */
export function multipart(
  filename: string,
  bytes: Uint8Array,
  field = 'file',
  type = 'application/octet-stream',
) {
  const boundary = `----affilio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
