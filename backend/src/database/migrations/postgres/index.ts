import { SeedDefaults1795304200000 } from '../seed-defaults';
import { ApiTokens1795500200000 } from './1795500200000-ApiTokens';
import { RecordVersions1795500100000 } from './1795500100000-RecordVersions';
import { OneFeaturedPost1795500000000 } from './1795500000000-OneFeaturedPost';
import { BoundedListIndexes1795419361712 } from './1795419361712-BoundedListIndexes';
import { Initial1795304100364 } from './1795304100364-Initial';
import { PageStore1795600000000 } from './1795600000000-PageStore';
import { SearchAndTags1795700000000 } from './1795700000000-SearchAndTags';
import { NewsletterDoubleOptIn1795700300000 } from './1795700300000-NewsletterDoubleOptIn';
import { Revisions1795700050000 } from './1795700050000-Revisions';
import { ScheduledPosts1795700100000 } from './1795700100000-ScheduledPosts';
import { SearchHead1795700400000 } from './1795700400000-SearchHead';
import { PageSegments1795700500000 } from './1795700500000-PageSegments';
import { PageBuilds1795800000000 } from './1795800000000-PageBuilds';
import { NewsletterMessageIds1795900200000 } from '../newsletter-message-ids';
import { LinksWithTarget1795900400000 } from '../links-with-target';
import { ReadingTimeByScript1796330000000 } from '../reading-time-by-script';
import { InstallClaimAndResetTokens1795900000000 } from './1795900000000-InstallClaimAndResetTokens';
import { StoreOnlyPagesThatExist1795900300000 } from '../store-only-pages-that-exist';
import { Comments1796000000000 } from './1796000000000-Comments';
import { Redirects1796100000000 } from './1796100000000-Redirects';
import { Import1796200000000 } from './1796200000000-Import';
import { PostLanguage1796320000000 } from './1796320000000-PostLanguage';
import { Federation1796340000000 } from './1796340000000-Federation';
import { PageStoreBuildIndex1796350000000 } from '../page-store-build-index';
import { PublishTimeInPostIndexes1796360000000 } from '../publish-time-in-post-indexes';
import { NarrowSearchRows1796370000000 } from '../narrow-search-rows';
import { PostTimeInTagIndex1796380000000 } from '../post-time-in-tag-index';
import { ShareImages1796310000000 } from './1796310000000-ShareImages';

/** In order; each runs once per database. */
export const POSTGRES_MIGRATIONS = [
  Initial1795304100364,
  SeedDefaults1795304200000,
  BoundedListIndexes1795419361712,
  OneFeaturedPost1795500000000,
  RecordVersions1795500100000,
  ApiTokens1795500200000,
  PageStore1795600000000,
  SearchAndTags1795700000000,
  NewsletterDoubleOptIn1795700300000,
  Revisions1795700050000,
  ScheduledPosts1795700100000,
  SearchHead1795700400000,
  PageSegments1795700500000,
  PageBuilds1795800000000,
  NewsletterMessageIds1795900200000,
  LinksWithTarget1795900400000,
  InstallClaimAndResetTokens1795900000000,
  StoreOnlyPagesThatExist1795900300000,
  Comments1796000000000,
  Redirects1796100000000,
  Import1796200000000,
  ShareImages1796310000000,
  PostLanguage1796320000000,
  ReadingTimeByScript1796330000000,
  Federation1796340000000,
  PageStoreBuildIndex1796350000000,
  PublishTimeInPostIndexes1796360000000,
  NarrowSearchRows1796370000000,
  PostTimeInTagIndex1796380000000,
];
