import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { Public } from '../common/public.decorator';
import {
  DateDisplayDto,
  HomeLayoutDto,
  SocialLinksDto,
  UpdateDateDisplayDto,
  UpdateHomeLayoutDto,
  UpdateSocialLinksDto,
} from './dto/settings.dto';
import { SettingsService } from './settings.service';
import { Endpoint } from '../openapi/endpoint.decorator';

@ApiTags('settings')
@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Get('social-links')
  @Endpoint({
    summary: 'The social links',
    description:
      "The social network links shown in the footer and on the about page: each a handle (linked to the network's profile address), a full URL, or null.",
  })
  @ApiOkResponse({ type: SocialLinksDto })
  getSocialLinks(): Promise<SocialLinksDto> {
    return this.settings.getSocialLinks();
  }

  @Put('social-links')
  @Endpoint({ summary: 'Save the social links', description: 'Each value is a handle or a full URL; empty clears the link.' })
  @ApiOkResponse({ type: SocialLinksDto })
  @ApiErrors(400, 401)
  updateSocialLinks(@Body() changes: UpdateSocialLinksDto): Promise<SocialLinksDto> {
    return this.settings.updateSocialLinks(changes);
  }

  @Public()
  @Get('home-layout')
  @Endpoint({
    summary: 'The home page layout',
    description: 'Which sections the home page shows, in which order, and how many items each has.',
  })
  @ApiOkResponse({ type: HomeLayoutDto })
  getHomeLayout(): Promise<HomeLayoutDto> {
    return this.settings.getHomeLayout();
  }

  @Put('home-layout')
  @Endpoint({
    summary: 'Save the home page layout',
    description: 'Replaces the layout; every field is checked against its allowed values.',
  })
  @ApiOkResponse({ type: HomeLayoutDto })
  @ApiErrors(400, 401)
  updateHomeLayout(@Body() changes: UpdateHomeLayoutDto): Promise<HomeLayoutDto> {
    return this.settings.updateHomeLayout(changes);
  }

  @Public()
  @Get('date-display')
  @Endpoint({
    summary: 'How dates and numbers are shown',
    description:
      'The calendar (Gregorian or Hijri Umm al-Qura) and the digits (Western or Arabic-Indic) of the dates and counts readers see.',
  })
  @ApiOkResponse({ type: DateDisplayDto })
  getDateDisplay(): Promise<DateDisplayDto> {
    return this.settings.getDateDisplay();
  }

  @Put('date-display')
  @Endpoint({
    summary: 'Save how dates and numbers are shown',
    description: 'Either field or both; every public page showing a date or a count is built again.',
  })
  @ApiOkResponse({ type: DateDisplayDto })
  @ApiErrors(400, 401)
  updateDateDisplay(@Body() changes: UpdateDateDisplayDto): Promise<DateDisplayDto> {
    return this.settings.updateDateDisplay(changes);
  }
}
