import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver accepts: it checks request signatures as S3 does. */
const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  url: string;
  bucket: string;
  /** The settings that point Portico at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, from npm) for the tests: on 127.0.0.1, a random port and a
 * temporary folder, with one empty bucket. `close()` stops it and removes the folder.
 */
export async function startTestS3Server(bucket = 'portico-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    env: { STORAGE: 's3', S3_URL: url, S3_BUCKET: bucket, ...S3RVER_CREDENTIALS },
    async close() {
      // Idle keep-alive connections of clients not yet destroyed would hold close() open.
      (server as unknown as { httpServer: http.Server }).httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
