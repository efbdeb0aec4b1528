import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkedKey, checkedPrefix, storageError } from './storage.js';
import type { FileStorage, StorageKind } from './storage.js';

export interface S3StorageOptions {
  /** The server's address for an S3-compatible store (MinIO, Ceph, R2, …); none for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** `bucket` in the path (`http://host/bucket/key`) rather than the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Without them the SDK's own chain is used (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys asked for per listing request (S3 answers at most 1000); the tests make it small. */
  listPageSize?: number;
}

/** How long a request may wait for a connection, and for the next bytes of an answer. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** `/readyz` answers within this, reachable store or not. */
const PING_TIMEOUT_MS = 3_000;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const nameOf = (error: unknown) => (error instanceof Error ? error.name : undefined);

/**
 * Files in an S3-compatible bucket, shared by every instance that names it
 * (docs/decisions/0041-object-storage.md). Keys are the same as on disk (`2026-11/3f9c…`,
 * `variants/12/640-avif`), so one store's keys copy to the other as they are.
 */
export class S3Storage implements FileStorage {
  readonly kind: StorageKind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number;
  /** Cleared the first time the store refuses `If-None-Match` as not implemented. */
  private conditionalWrites = true;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize ?? 1000;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // The SDK adds CRC checksums to every upload and checks them on downloads by default since
      // early 2025; many S3-compatible servers reject or lack them. Only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  /**
   * Refuses a taken key, as the disk's `wx` flag does: callers count on EEXIST (two instances
   * making the same image variant). `If-None-Match: *` makes S3 (and MinIO, R2, Ceph…) refuse it
   * atomically with a 412; the look first covers stores that ignore the header (the test server
   * among them), where two writers of one key can then both succeed. Portico's keys are either
   * random (uploads) or hold the same bytes whoever writes them (variants), so that is harmless.
   */
  async put(key: string, content: Buffer): Promise<void> {
    checkedKey(key);
    if (await this.exists(key)) throw storageError('EEXIST', key);
    const put = (conditional: boolean) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: content,
          ContentLength: content.length,
          ...(conditional ? { IfNoneMatch: '*' } : {}),
        }),
      );
    try {
      await put(this.conditionalWrites);
    } catch (error) {
      // 412: the key is taken; 409: another write of it is under way (S3 says retry; the other wins).
      if (statusOf(error) === 412 || statusOf(error) === 409) throw storageError('EEXIST', key, error);
      if (!(this.conditionalWrites && (statusOf(error) === 501 || nameOf(error) === 'NotImplemented'))) throw error;
      this.conditionalWrites = false;
      await put(false);
    }
  }

  /**
   * The object's bytes as the SDK streams them. The request starts when the stream is first read;
   * a missing key fails the stream with ENOENT, as a missing file does on disk, so callers answer
   * the same either way.
   */
  read(key: string): Readable {
    checkedKey(key);
    const { client, bucket } = this;
    async function* body(): AsyncGenerator<Buffer> {
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (nameOf(error) === 'NoSuchKey' || statusOf(error) === 404) throw storageError('ENOENT', key, error);
        throw error;
      }
      // In Node the body is an http.IncomingMessage; leaving the loop early (a client that went
      // away) destroys it, which frees the connection.
      yield* answer.Body as Readable;
    }
    return Readable.from(body(), { objectMode: false });
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: idempotent, as the disk's `force` is.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404 || nameOf(error) === 'NotFound') return false;
      throw error;
    }
  }

  /**
   * Pages through the original ListObjects call, each page starting after the last key of the one
   * before (`Marker`). Every S3-compatible server answers it the same way; ListObjectsV2's
   * continuation tokens are where they differ (the test server's fail on current OpenSSL).
   */
  async *list(prefix?: string): AsyncIterable<string> {
    const wanted = checkedPrefix(prefix);
    let after: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: wanted || undefined, Marker: after, MaxKeys: this.listPageSize }),
      );
      const keys = (page.Contents ?? []).map((object) => object.Key).filter((key): key is string => key !== undefined);
      yield* keys;
      if (!page.IsTruncated || keys.length === 0) return;
      after = keys[keys.length - 1];
    }
  }

  /** The bucket answers to these credentials: HeadBucket, given at most PING_TIMEOUT_MS with its retries. */
  async ping(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
