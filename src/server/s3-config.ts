// The S3 settings (S3_BUCKET and friends) and object keys: pure, so config.ts can read them without
// loading the AWS SDK, which s3-storage.ts imports only when a bucket is configured.

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key (S3_PREFIX), so one bucket can hold several installations. */
  prefix: string;
}

/**
 * The S3 settings from the environment: null without S3_BUCKET; problems name the variable (for
 * loadConfig to report as a configuration error).
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): { config: S3Config | null; problems: string[] } {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];
  if (!bucket) {
    const stray = others.filter((name) => value(name));
    if (stray.length > 0) problems.push(`${stray.join(', ')}: set S3_BUCKET too, or unset them`);
    return { config: null, problems };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push('S3_BUCKET: not a valid bucket name');
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) problems.push('S3_ENDPOINT: must be an http:// or https:// URL');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') problems.push('S3_FORCE_PATH_STYLE: must be true or false');
  const prefix = value('S3_PREFIX') ?? '';
  const badPrefix =
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..');
  if (prefix && badPrefix) problems.push('S3_PREFIX: letters, digits, . _ - and /, no . or .. segments');
  return {
    config: {
      bucket,
      region: value('S3_REGION') ?? 'us-east-1',
      endpoint,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
      prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    },
    problems,
  };
}

/** The object key of a storage key. */
export function objectKey(config: Pick<S3Config, 'prefix'>, key: string): string {
  if (key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return `${config.prefix}${key}`;
}
