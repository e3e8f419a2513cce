import type { S3Client } from '@aws-sdk/client-s3';
import { objectKey, type S3Config } from '../../s3-config.js';
import type { Storage } from './port.js';

// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Scaleway …), chosen when S3_BUCKET is set.
// Without an endpoint the SDK talks to AWS in the region; with one (S3_ENDPOINT) it talks to that
// service, usually with path-style addresses (S3_FORCE_PATH_STYLE=true). Without keys the SDK's
// default chain applies (instance role, AWS_* variables). Objects are private: every file is served
// through the API, which checks who may see it.

/** The SDK is loaded on the first file operation, so an installation on disk never pays for loading it. */
export function s3Storage(config: S3Config): Storage {
  let ready: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () => {
    ready ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials:
          config.accessKeyId && config.secretAccessKey
            ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
            : undefined,
      }),
    }));
    return ready;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: config.bucket, Key: objectKey(config, key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: objectKey(config, key) }));
        if (!object.Body) return null;
        const bytes = await object.Body.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey || (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      // S3 answers success for a missing key too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(config, key) }));
    },
  };
}
