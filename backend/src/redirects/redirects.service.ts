import { Injectable } from '@nestjs/common';
import {
  isLocalTarget,
  LIST_DEFAULT_LIMIT,
  REDIRECT_LIMITS,
  redirectCandidates,
  redirectFromProblem,
  redirectKey,
  redirectTarget,
} from '@mudawwana/rules';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { PublicOrigin } from '../common/public-origin';
import { CreateRedirectDto, ListRedirectsQuery, RedirectDto, RedirectListDto } from './dto/redirect.dto';
import { RedirectsRepository, type RedirectTo } from './redirects.repository';

/** How far a new redirect's chain is followed to find a loop (browsers give up after 20 redirects anyway). */
const MAX_CHAIN = 20;

@Injectable()
export class RedirectsService {
  constructor(
    private readonly redirects: RedirectsRepository,
    private readonly events: DomainEvents,
    private readonly origin: PublicOrigin,
  ) {}

  async list(query: ListRedirectsQuery): Promise<RedirectListDto> {
    const { items, total } = await this.redirects.page(query.limit ?? LIST_DEFAULT_LIMIT, query.offset ?? 0, query.q || undefined);
    return { items: items.map(RedirectDto.from), total };
  }

  /**
   * A redirect from an old address, normalised as requests are (@mudawwana/rules redirectKey). Refused: an address
   * the blog answers itself, a target that is neither a local path nor an http(s) URL, a loop (to itself, or back
   * through redirects already there), and a from-path that has a redirect already.
   */
  async create(input: CreateRedirectDto): Promise<RedirectDto> {
    const fromPath = redirectKey(input.fromPath);
    if (fromPath === undefined) {
      throw badRequest('REDIRECT_FROM_INVALID', 'fromPath must be a path starting with / (or an http(s) URL)');
    }
    const problem = redirectFromProblem(fromPath);
    if (problem === 'too-long') throw badRequest('REDIRECT_FROM_INVALID', 'fromPath is too long (at most 2000 bytes once decoded)');
    if (problem === 'own-path') throw badRequest('REDIRECT_FROM_RESERVED', `The blog answers ${fromPath} itself: it cannot redirect`);
    const toPath = redirectTarget(input.toPath, this.origin.get());
    if (toPath === undefined || toPath.length > REDIRECT_LIMITS.toMaxLength) {
      throw badRequest('REDIRECT_TO_INVALID', 'toPath must be a path on this blog starting with / or an absolute http(s) URL');
    }
    // Read first: a refused insert would put an error in the database's log for every duplicate an importer sends.
    const taken = () => conflict('REDIRECT_EXISTS', `${fromPath} has a redirect already: delete it first`);
    if ((await this.redirects.targetsOf([fromPath])).size > 0) throw taken();
    await this.refuseLoop(fromPath, toPath);
    const saved = await this.redirects.insert({ fromPath, toPath, status: input.status ?? 301 });
    if (!saved) throw taken();
    await this.events.emit('redirects.changed', { fromPaths: [fromPath] });
    return RedirectDto.from(saved);
  }

  async remove(id: number): Promise<void> {
    const deleted = await this.redirects.delete(id);
    if (!deleted) throw notFound('REDIRECT_NOT_FOUND', 'Redirect not found');
    await this.events.emit('redirects.changed', { fromPaths: [deleted.fromPath] });
  }

  /** Where each of these keys redirects (the site's lookup, site/site-redirects.ts). */
  targetsOf(keys: readonly string[]): Promise<Map<string, RedirectTo>> {
    return this.redirects.targetsOf(keys);
  }

  /** Every from-path, `batch` at a time (what the site keeps to answer a miss without a read). */
  fromPathBatches(batch: number): AsyncGenerator<string[]> {
    return this.redirects.fromPathBatches(batch);
  }

  /**
   * Follows the chain from the new target through the redirects a reader's browser would follow from there (each
   * address with its query, then without: as a 404 looks them up), and refuses the redirect when it comes back.
   */
  private async refuseLoop(fromPath: string, toPath: string): Promise<void> {
    const seen = new Set<string>();
    let next: string | undefined = toPath;
    for (let hop = 0; next !== undefined && isLocalTarget(next) && hop < MAX_CHAIN; hop += 1) {
      const key = redirectKey(next);
      if (key === undefined || seen.has(key)) return;
      const candidates = redirectCandidates(key);
      if (candidates.includes(fromPath)) {
        throw badRequest('REDIRECT_LOOP', hop === 0 ? 'A redirect cannot lead to itself' : `${toPath} leads back to ${fromPath}`);
      }
      seen.add(key);
      const found = await this.redirects.targetsOf(candidates);
      next = candidates.map((candidate) => found.get(candidate)?.toPath).find((target) => target !== undefined);
    }
  }
}
