import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/* ADR 140: the S3 settings come from the environment, and a half-configured bucket is an error. */
describe('S3 settings', () => {
  it('are off without S3_BUCKET (files on local disk)', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '' }).s3).toBeNull();
  });

  it('take the bucket, endpoint, keys and public address; path style by default with an endpoint', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'series-tracker',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.example.test/files',
      }).s3,
    ).toEqual({
      bucket: 'series-tracker',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.test/files',
    });
    expect(loadConfig({ S3_BUCKET: 'b-on-aws', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-1',
      accessKeyId: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ S3_BUCKET: 'bkt', S3_ENDPOINT: 'http://s3:9000', S3_FORCE_PATH_STYLE: 'false' })
        .s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses S3_* settings without a bucket, a key without its secret, and bad values', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: required with S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'bkt', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a valid/);
    expect(() => loadConfig({ S3_BUCKET: 'bkt', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'bkt', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
