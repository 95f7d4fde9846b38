import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * s3rver accepts any bucket and these keys. It checks the key but not the signature: it builds the signed path from the
 * bucket and key, not from the request, and the AWS SDK signs bucket requests (CreateBucket, ListObjectsV2) with a
 * trailing slash, so every one of those would fail. s3rver 3.7.1 never checked a V4 signature either.
 */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestBucket {
  name: string;
  /** The app's environment for this bucket. */
  env: Record<string, string>;
  /** Keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  object(key: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string }>;
  remove(): Promise<void>;
}

export interface TestS3Server {
  endpoint: string;
  client: S3Client;
  /** A new empty bucket with a random name. */
  bucket(): Promise<TestBucket>;
  /** The store goes down: the port refuses connections (open ones finish their request and are closed). */
  stop(): Promise<void>;
  /** The store comes back on the same port with the same objects. */
  start(): Promise<void>;
  /** The store goes down as soon as it has stored the next object (mid-upload); resolves with its key once down. */
  stopAfterNextObject(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, the maintained @20minutes fork) on a random local port, keeping its objects in a
 * temporary folder (docs/decisions/017 says why this one).
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'mudawwana-s3-'));
  const serverOn = (port: number) => new S3rver({ address: '127.0.0.1', port, directory, silent: true, allowMismatchedSignatures: true });
  let server: S3rver | undefined = serverOn(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });

  const keysOf = async (bucket: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key as string).sort();

  const testServer: TestS3Server = {
    endpoint,
    client,
    async bucket() {
      const name = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return {
        name,
        env: {
          S3_BUCKET: name,
          S3_ENDPOINT: endpoint,
          S3_REGION: 'us-east-1',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        },
        keys: () => keysOf(name),
        async object(key) {
          const object = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
          const bytes = Buffer.from(await object.Body!.transformToByteArray());
          return { bytes, contentType: object.ContentType, cacheControl: object.CacheControl };
        },
        async remove() {
          const keys = await keysOf(name);
          if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
          await client.send(new DeleteBucketCommand({ Bucket: name }));
        },
      };
    },
    async stop() {
      if (!server) return;
      const closing = server.close();
      // Down as a crashed store is: the connections the app keeps open are cut too, not left to finish.
      server.httpServer?.closeAllConnections();
      server = undefined;
      await closing;
    },
    async start() {
      if (server) return;
      server = serverOn(port);
      await server.run();
    },
    stopAfterNextObject() {
      const running = server;
      if (!running) throw new Error('the S3 server is not running');
      return new Promise((resolve, reject) =>
        running.once('event', (event) => {
          const key = (event as { Records: { s3: { object: { key: string } } }[] }).Records[0].s3.object.key;
          testServer.stop().then(() => resolve(key), reject);
        }),
      );
    },
    async close() {
      client.destroy();
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return testServer;
}
