import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageLimit, PageOffset } from '../../common/paging';
import { BasedOnVersion } from '../../common/versions';
import { REVISION_KINDS, Revision, RevisionKind } from '../revision.entity';
import { MAX_CONTENT_LENGTH, OptionalText } from '../../common/text-fields';

/** The most revisions one call lists (a post keeps 50 plus one a day beyond: page through the rest). */
export const REVISIONS_MAX_LIMIT = 100;
/** Revisions per call when the history panel does not say. */
export const REVISIONS_DEFAULT_LIMIT = 50;

export class RevisionSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: REVISION_KINDS, enumName: 'RevisionKind' }) kind: RevisionKind;
  @ApiProperty() title: string;

  static from(revision: Revision): RevisionSummaryDto {
    return { id: revision.id, createdAt: revision.createdAt.toISOString(), kind: revision.kind, title: revision.title };
  }
}

export class RevisionDto extends RevisionSummaryDto {
  @ApiProperty({ description: 'Sanitized HTML' }) content: string;
  @ApiProperty({ type: String, nullable: true }) excerpt: string | null;
  @ApiProperty({ type: String, nullable: true }) metaTitle: string | null;
  @ApiProperty({ type: String, nullable: true }) metaDescription: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Who wrote it' }) authorId: number | null;

  static from(revision: Revision): RevisionDto {
    return {
      ...RevisionSummaryDto.from(revision),
      content: revision.content,
      excerpt: revision.excerpt,
      metaTitle: revision.metaTitle,
      metaDescription: revision.metaDescription,
      authorId: revision.authorId,
    };
  }
}

export class ListRevisionsQuery {
  @PageLimit({ max: REVISIONS_MAX_LIMIT, fallback: REVISIONS_DEFAULT_LIMIT })
  limit?: number;

  @PageOffset({ max: 100_000 })
  offset?: number;
}

/** A restore is a save: send the version the editor holds to be told (409) of a save made in between. */
export class RestoreRevisionDto {
  @BasedOnVersion()
  version?: number;
}

/**
 * What the editor has on screen, kept as an autosave revision (the post itself does not change). Fields left out
 * are taken from the post as it is; an empty title or content is kept as typed (it is work in progress).
 */
export class AutosaveDto {
  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  title?: string;

  @ApiPropertyOptional({ description: 'HTML; sanitized by the server' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CONTENT_LENGTH)
  content?: string;

  @OptionalText(1000)
  excerpt?: string | null;

  @OptionalText(300)
  metaTitle?: string | null;

  @OptionalText(500)
  metaDescription?: string | null;
}
