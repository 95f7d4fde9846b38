import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { ShareImages } from './share-images.service';

/** Share images of posts, pages and the home page (docs/decisions/027-share-images.md); app.ts mounts them at /og. */
@Module({ imports: [SettingsModule], providers: [ShareImages], exports: [ShareImages] })
export class ShareImagesModule {}
