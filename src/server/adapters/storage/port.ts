/**
 * The storage port: where uploaded files live. Disk under DATA_DIR by default, an S3-compatible bucket
 * by env. Keys are opaque paths chosen by the services (e.g. pictures/<bikeId>/<id>.webp).
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}
