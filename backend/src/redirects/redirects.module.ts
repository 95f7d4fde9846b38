import { Module } from '@nestjs/common';
import { RedirectsController } from './redirects.controller';
import { RedirectsRepository } from './redirects.repository';
import { RedirectsService } from './redirects.service';

@Module({ controllers: [RedirectsController], providers: [RedirectsRepository, RedirectsService], exports: [RedirectsService] })
export class RedirectsModule {}
