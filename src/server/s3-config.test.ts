import { describe, expect, it } from 'vitest';
import { objectKey, s3ConfigFromEnv } from './s3-config.js';

// The S3 adapter's own logic: reading its settings and building object keys. Talking to a bucket is
// the SDK's part; it is not faked here.

describe('S3 settings', () => {
  it('is off without S3_BUCKET', () => {
    expect(s3ConfigFromEnv({})).toEqual({ config: null, problems: [] });
  });

  it('refuses S3 settings without a bucket', () => {
    expect(s3ConfigFromEnv({ S3_ENDPOINT: 'http://minio:9000' }).problems).toEqual(['S3_ENDPOINT: set S3_BUCKET too, or unset them']);
  });

  it('reads an S3-compatible service with path-style addresses by default', () => {
    const { config, problems } = s3ConfigFromEnv({
      S3_BUCKET: 'bike-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      bucket: 'bike-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'prod/',
    });
  });

  it('uses AWS in the region with virtual-hosted addresses and the default credentials', () => {
    const { config } = s3ConfigFromEnv({ S3_BUCKET: 'bikes.example', S3_REGION: 'eu-north-1' });
    expect(config).toMatchObject({ region: 'eu-north-1', endpoint: undefined, forcePathStyle: false, accessKeyId: undefined, prefix: '' });
  });

  it('names each wrong variable', () => {
    const { problems } = s3ConfigFromEnv({
      S3_BUCKET: 'Bad_Bucket',
      S3_ENDPOINT: 'minio:9000',
      S3_ACCESS_KEY_ID: 'only-one',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: '../x',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'S3_PREFIX',
    ]);
  });
});

describe('object keys', () => {
  it('prefixes the storage key', () => {
    expect(objectKey({ prefix: 'prod/' }, 'pictures/b/p.webp')).toBe('prod/pictures/b/p.webp');
    expect(objectKey({ prefix: '' }, 'documents/b/d.pdf')).toBe('documents/b/d.pdf');
  });

  it('refuses keys with empty, . or .. segments', () => {
    for (const key of ['/abs', 'a//b', 'a/../b', './a', 'a/']) expect(() => objectKey({ prefix: '' }, key)).toThrow();
  });
});
