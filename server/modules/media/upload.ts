import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError, unprocessable } from '../../platform/http-error';
import {
  MEDIA_TYPES,
  refusalReason,
  sanitizeFilename,
  sniffType,
  SNIFF_BYTES,
  type MediaType,
} from './sniff';
import type { MediaStorage } from './storage';

/** An upload as the route hands it over: the client's file name and the streamed bytes. */
export interface IncomingFile {
  filename: string | undefined;
  stream: Readable;
  /** the multipart parser stopped reading at the size limit */
  truncated(): boolean;
}

/** What is stored once an upload passed every check; the caller inserts the row. */
export interface StoredFile {
  id: string;
  filename: string;
  contentType: MediaType;
  sizeBytes: number;
  storageKey: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
}

const THUMBNAIL_SIZE = 320;
/** decoding bombs: refuse images of more pixels than this (a 10,000 × 10,000 banner is plenty) */
const MAX_INPUT_PIXELS = 100_000_000;

const megabytes = (bytes: number) => {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB`;
};

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, `The file is larger than the upload limit of ${megabytes(maxBytes)}.`);

/** Passes bytes through, failing with 413 the moment more than `maxBytes` went by. */
function byteCounter(maxBytes: number, onCount: (n: number) => void): Transform {
  let count = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      onCount(count);
      if (count > maxBytes) return done(tooLarge(maxBytes));
      return done(null, chunk);
    },
  });
}

/**
 * sharp (libvips, ~25 MB resident) is loaded by the first upload that needs a thumbnail, not at start:
 * most processes never make one.
 */
const loadSharp = async () => (await import('sharp')).default;

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function thumbnailOf(file: string) {
  const sharp = await loadSharp();
  try {
    const image = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    const thumbnail = await image
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    // EXIF orientations 5–8 turn the picture a quarter: width and height as shown swap
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      thumbnail,
      width: (turned ? meta.height : meta.width) ?? null,
      height: (turned ? meta.width : meta.height) ?? null,
    };
  } catch {
    throw unprocessable('The image could not be read; it may be damaged or too large in pixels.');
  }
}

/**
 * Streams an upload to a temp file while counting (413 past `maxBytes`), sniffs its type from the bytes
 * (415 for anything not accepted), makes a thumbnail of images (422 when they do not decode), and only
 * then moves it into the store. On any failure nothing stays behind: not the temp file, not a stored key.
 */
export async function storeUpload(
  storage: MediaStorage,
  incoming: IncomingFile,
  maxBytes: number,
): Promise<StoredFile> {
  const temp = await storage.tempPath();
  const id = randomUUID();
  const stored: string[] = [];
  let sizeBytes = 0;
  try {
    await pipeline(
      incoming.stream,
      byteCounter(maxBytes, (n) => (sizeBytes = n)),
      createWriteStream(temp),
    );
    if (incoming.truncated()) throw tooLarge(maxBytes);
    const head = await readHead(temp);
    const contentType = sniffType(head);
    if (!contentType) throw new HttpError(415, refusalReason(head));
    const image = MEDIA_TYPES[contentType].image ? await thumbnailOf(temp) : null;
    const storageKey = `files/${id}`;
    const thumbnailKey = image ? `thumbnails/${id}.webp` : null;
    if (image && thumbnailKey) {
      await storage.write(thumbnailKey, image.thumbnail);
      stored.push(thumbnailKey);
    }
    await storage.put(storageKey, temp);
    stored.push(storageKey);
    return {
      id,
      filename: sanitizeFilename(incoming.filename, contentType),
      contentType,
      sizeBytes,
      storageKey,
      thumbnailKey,
      width: image?.width ?? null,
      height: image?.height ?? null,
    };
  } catch (error) {
    // a stream that failed half-way still holds the rest of the part: let it drain
    incoming.stream.resume();
    await Promise.all(stored.map((key) => storage.remove(key)));
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/** Removes what `storeUpload` stored (the row insert failed afterwards, or the media was deleted). */
export async function removeStored(
  storage: MediaStorage,
  keys: { storageKey: string; thumbnailKey: string | null },
): Promise<void> {
  await Promise.all([
    storage.remove(keys.storageKey),
    keys.thumbnailKey ? storage.remove(keys.thumbnailKey) : Promise.resolve(),
  ]);
}
