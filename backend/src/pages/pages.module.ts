import { Module } from '@nestjs/common';
import { RevisionsModule } from '../revisions/revisions.module';
import { PagesController } from './pages.controller';
import { PagesRepository } from './pages.repository';
import { PagesService } from './pages.service';

@Module({ imports: [RevisionsModule], controllers: [PagesController], providers: [PagesService, PagesRepository] })
export class PagesModule {}
