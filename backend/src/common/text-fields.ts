import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { stacked } from './stacked';
import { blankToNull, trim } from './transforms';

/** The most characters of HTML a post, a page or a revision keeps (before sanitizing). */
export const MAX_CONTENT_LENGTH = 2_000_000;

/** A title or a name a record cannot do without: trimmed, then at least one character (`message` otherwise) and at most `max`. */
export const RequiredText = (max: number, message: string) =>
  stacked(ApiProperty({ maxLength: max }), Transform(trim), IsString(), MinLength(1, { message }), MaxLength(max));

/**
 * A text field a client may leave out, send empty or send null (a slug, an excerpt, the search engines' title and
 * description): trimmed, blank is null, at most `max` characters. The service decides what null means (generated
 * from another field, or none).
 */
export const OptionalText = (max: number, description?: string) =>
  stacked(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: max, ...(description ? { description } : {}) }),
    Transform(blankToNull),
    IsOptional(),
    IsString(),
    MaxLength(max),
  );

/** The HTML body of a post or a page as saved: required, and sanitized by the server before it is stored. */
export const HtmlContent = () =>
  stacked(
    ApiProperty({ description: 'HTML; sanitized by the server' }),
    IsString(),
    MinLength(1, { message: 'Content is required' }),
    MaxLength(MAX_CONTENT_LENGTH),
  );
