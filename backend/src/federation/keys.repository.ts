import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { fedify } from './fedify-modules';
import { FederationKey, KEY_ALGORITHMS, type KeyAlgorithm } from './federation-store.entity';

/**
 * The blog actor's key pairs, one per algorithm (RSA for HTTP signatures, which Mastodon reads; Ed25519 for object
 * integrity proofs), made on first use and kept in the database: every instance signs with the same keys. Two
 * instances making them at once keep the pair stored first (the algorithm is the primary key).
 */
@Injectable()
export class KeysRepository {
  private readonly keys: Repository<FederationKey>;
  private cached: Promise<CryptoKeyPair[]> | null = null;

  constructor(dataSource: DataSource) {
    this.keys = dataSource.getRepository(FederationKey);
  }

  keyPairs(): Promise<CryptoKeyPair[]> {
    this.cached ??= Promise.all(KEY_ALGORITHMS.map((algorithm) => this.keyPair(algorithm))).catch((error: unknown) => {
      this.cached = null;
      throw error;
    });
    return this.cached;
  }

  private async keyPair(algorithm: KeyAlgorithm): Promise<CryptoKeyPair> {
    const { exportJwk, generateCryptoKeyPair, importJwk } = fedify();
    let stored = await this.keys.findOneBy({ algorithm });
    if (!stored) {
      const pair = await generateCryptoKeyPair(algorithm);
      // OR IGNORE / ON CONFLICT DO NOTHING: another instance's pair stored first wins (and a failed insert would log
      // its parameters, the private key among them).
      await this.keys
        .createQueryBuilder()
        .insert()
        .values({
          algorithm,
          privateJwk: JSON.stringify(await exportJwk(pair.privateKey)),
          publicJwk: JSON.stringify(await exportJwk(pair.publicKey)),
        })
        .orIgnore()
        .execute();
      stored = await this.keys.findOneByOrFail({ algorithm });
    }
    return {
      privateKey: await importJwk(JSON.parse(stored.privateJwk) as JsonWebKey, 'private'),
      publicKey: await importJwk(JSON.parse(stored.publicJwk) as JsonWebKey, 'public'),
    };
  }
}
