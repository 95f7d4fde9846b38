import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  CALENDARS,
  DIGITS,
  type DisplayCalendar,
  type DisplayDigits,
  HERO_SUBTITLE_MAX_LENGTH,
  HERO_TITLE_MAX_LENGTH,
  HOME_LAYOUT_COUNT_LIMITS as LIMITS,
  type HomeLayoutCount,
} from '@mudawwana/rules';
import { stacked } from '../../common/stacked';
import { blankToNull } from '../../common/transforms';

/** The OpenAPI bounds of a layout count. */
const countLimits = (field: HomeLayoutCount) => ({ minimum: LIMITS[field].min, maximum: LIMITS[field].max });
const countMessage = (field: HomeLayoutCount) => `${field} must be between ${LIMITS[field].min} and ${LIMITS[field].max}`;
/** One of the layout's counts in an update: optional, a whole number within its bounds. */
const LayoutCount = (field: HomeLayoutCount) =>
  stacked(
    ApiPropertyOptional(countLimits(field)),
    IsOptional(),
    IsInt(),
    Min(LIMITS[field].min, { message: countMessage(field) }),
    Max(LIMITS[field].max, { message: countMessage(field) }),
  );

export class SocialLinksDto {
  @ApiProperty({ type: String, nullable: true }) twitter: string | null;
  @ApiProperty({ type: String, nullable: true }) facebook: string | null;
  @ApiProperty({ type: String, nullable: true }) instagram: string | null;
  @ApiProperty({ type: String, nullable: true }) snapchat: string | null;
  @ApiProperty({ type: String, nullable: true }) linkedin: string | null;
  @ApiProperty({ type: String, nullable: true }) youtube: string | null;
}

/** Each value is a full URL or a handle; no format check (SPEC §5). Empty clears the link. */
export class UpdateSocialLinksDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(300) twitter?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(300) facebook?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(300) instagram?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(300) snapchat?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(300) linkedin?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(300) youtube?:
    string | null;
}

export class HomeLayoutDto {
  @ApiProperty() showHero: boolean;
  @ApiProperty() showFeaturedPost: boolean;
  @ApiProperty() showLatestPosts: boolean;
  @ApiProperty() showCategories: boolean;
  @ApiProperty() showNewsletter: boolean;
  @ApiProperty(countLimits('latestPostsCount')) latestPostsCount: number;
  @ApiProperty(countLimits('categoriesCount')) categoriesCount: number;
  @ApiProperty(countLimits('postsPerCategory')) postsPerCategory: number;
  @ApiProperty({ type: String, nullable: true }) heroTitle: string | null;
  @ApiProperty({ type: String, nullable: true }) heroSubtitle: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A hex colour such as #2563eb; none means the default gradient' })
  heroBgColor: string | null;
}

/** Any subset of the layout; what is not sent keeps its value. */
export class UpdateHomeLayoutDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showHero?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showFeaturedPost?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showLatestPosts?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showCategories?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showNewsletter?: boolean;

  @LayoutCount('latestPostsCount')
  latestPostsCount?: number;

  @LayoutCount('categoriesCount')
  categoriesCount?: number;

  @LayoutCount('postsPerCategory')
  postsPerCategory?: number;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(HERO_TITLE_MAX_LENGTH)
  heroTitle?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(HERO_SUBTITLE_MAX_LENGTH)
  heroSubtitle?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '#2563eb' })
  @Transform(blankToNull)
  @IsOptional()
  @Matches(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i, { message: 'heroBgColor must be a hex colour such as #2563eb' })
  heroBgColor?: string | null;
}

const CALENDAR_DESCRIPTION = 'gregory: the Gregorian calendar; islamic-umalqura: the Hijri calendar of Umm al-Qura';
const DIGITS_DESCRIPTION = 'latn: Western digits (0-9); arab: Arabic-Indic digits (٠-٩)';

/** How readers see dates and numbers (pages, feed, mails). */
export class DateDisplayDto {
  @ApiProperty({ enum: CALENDARS, enumName: 'DisplayCalendar', description: CALENDAR_DESCRIPTION }) calendar: DisplayCalendar;
  @ApiProperty({ enum: DIGITS, enumName: 'DisplayDigits', description: DIGITS_DESCRIPTION }) digits: DisplayDigits;
}

/** Either or both; what is not sent keeps its value. */
export class UpdateDateDisplayDto {
  @ApiPropertyOptional({ enum: CALENDARS, enumName: 'DisplayCalendar', description: CALENDAR_DESCRIPTION })
  @IsOptional()
  @IsIn(CALENDARS, { message: `calendar must be one of ${CALENDARS.join(', ')}` })
  calendar?: DisplayCalendar;

  @ApiPropertyOptional({ enum: DIGITS, enumName: 'DisplayDigits', description: DIGITS_DESCRIPTION })
  @IsOptional()
  @IsIn(DIGITS, { message: `digits must be one of ${DIGITS.join(', ')}` })
  digits?: DisplayDigits;
}
