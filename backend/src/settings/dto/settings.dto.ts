import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { blankToNull } from '../../common/transforms';

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
  @ApiProperty({ minimum: 1, maximum: 12 }) latestPostsCount: number;
  @ApiProperty({ minimum: 1, maximum: 12 }) categoriesCount: number;
  @ApiProperty({ minimum: 1, maximum: 10 }) postsPerCategory: number;
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

  @ApiPropertyOptional({ minimum: 1, maximum: 12 })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'latestPostsCount must be between 1 and 12' })
  @Max(12, { message: 'latestPostsCount must be between 1 and 12' })
  latestPostsCount?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 12 })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'categoriesCount must be between 1 and 12' })
  @Max(12, { message: 'categoriesCount must be between 1 and 12' })
  categoriesCount?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 10 })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'postsPerCategory must be between 1 and 10' })
  @Max(10, { message: 'postsPerCategory must be between 1 and 10' })
  postsPerCategory?: number;

  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(200) heroTitle?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Transform(blankToNull) @IsOptional() @IsString() @MaxLength(500) heroSubtitle?:
    string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '#2563eb' })
  @Transform(blankToNull)
  @IsOptional()
  @Matches(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i, { message: 'heroBgColor must be a hex colour such as #2563eb' })
  heroBgColor?: string | null;
}
