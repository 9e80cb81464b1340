import { models as limits } from '../../config.js';
import type { ManifestFile } from './manifest.js';
import type { DownloadedFile } from './file-download.js';

/** A downloaded file that is not the publisher's: the installation fails and its files go. */
export class VerificationError extends Error {
  override name = 'VerificationError';
}

/** The longest a file may be: its manifest size plus the tolerance. Stops a server that never ends. */
export const sizeCapOf = (file: ManifestFile): number => Math.floor(file.size_bytes * (1 + limits.sizeToleranceRatio));

/**
 * Checks a downloaded file against the manifest. A pinned digest decides alone. Without one
 * (see models.md) the file must be near the manifest's size and match the digest the server
 * announced, when it announced one; the digest computed while streaming is then what later
 * loads check against.
 */
export function verifyDownloaded(file: ManifestFile, downloaded: DownloadedFile): void {
  if (file.sha256 !== null) {
    if (downloaded.sha256 !== file.sha256) throw new VerificationError(`${file.name}: its sha256 does not match the manifest's`);
    return;
  }
  const deviation = Math.abs(downloaded.bytes - file.size_bytes) / file.size_bytes;
  if (deviation > limits.sizeToleranceRatio) {
    throw new VerificationError(`${file.name}: ${downloaded.bytes} bytes, too far from the manifest's approximate ${file.size_bytes}`);
  }
  if (downloaded.serverSha256 !== null && downloaded.serverSha256 !== downloaded.sha256) {
    throw new VerificationError(`${file.name}: its sha256 does not match the one the server announced`);
  }
}
