import { Injectable, UnauthorizedException } from '@nestjs/common';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { tagSlug } from '@mudawwana/rules';
import { User } from '../users/user.entity';
import { MergeTagDto, RenameTagDto, TagDto, TagsQuery } from './dto/tag.dto';
import { TagsRepository } from './tags.repository';

const tagNotFound = (slug: string) => notFound('TAG_NOT_FOUND', `No post carries the tag "${slug}"`);

@Injectable()
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly events: DomainEvents,
  ) {}

  listTags(query: TagsQuery, viewer: User | undefined): Promise<TagDto[]> {
    return this.tags.counts({ includeDrafts: this.includeDrafts(query, viewer) });
  }

  async getTag(slug: string, query: TagsQuery, viewer: User | undefined): Promise<TagDto> {
    const [tag] = await this.tags.counts({ includeDrafts: this.includeDrafts(query, viewer), slug });
    if (!tag) throw tagNotFound(slug);
    return tag;
  }

  /** A new name on every post carrying the tag; a name that is another tag's is refused (merge them instead). */
  async renameTag(slug: string, input: RenameTagDto): Promise<TagDto> {
    const newSlug = tagSlug(input.name);
    if (!newSlug) throw badRequest('TAG_NAME_INVALID', 'A tag name needs a letter or a digit');
    await this.existingTag(slug);
    if (newSlug !== slug && (await this.tags.counts({ includeDrafts: true, slug: newSlug })).length > 0) {
      throw conflict('TAG_NAME_TAKEN', `The tag "${input.name}" exists already: merge the two tags instead`);
    }
    const postIds = await this.tags.replaceTag(slug, input.name);
    await this.events.emit('tag.renamed', { slug, newSlug, postIds });
    return this.existingTag(newSlug);
  }

  /** The tag's posts carry the other tag instead (once); the tag is gone. */
  async mergeTag(slug: string, input: MergeTagDto): Promise<TagDto> {
    if (input.into === slug) throw badRequest('TAG_MERGE_SAME', 'A tag cannot be merged into itself');
    await this.existingTag(slug);
    const target = await this.existingTag(input.into);
    const postIds = await this.tags.replaceTag(slug, target.name);
    await this.events.emit('tag.merged', { slug, into: target.slug, postIds });
    return this.existingTag(target.slug);
  }

  /** The tag as the author sees it (drafts counted). */
  private async existingTag(slug: string): Promise<TagDto> {
    const [tag] = await this.tags.counts({ includeDrafts: true, slug });
    if (!tag) throw tagNotFound(slug);
    return tag;
  }

  private includeDrafts(query: TagsQuery, viewer: User | undefined): boolean {
    if (query.includeDrafts && !viewer) {
      throw new UnauthorizedException({
        statusCode: 401,
        message: 'Sign in to count drafts',
        error: 'Unauthorized',
        code: 'NOT_SIGNED_IN',
      });
    }
    return query.includeDrafts === true;
  }
}
