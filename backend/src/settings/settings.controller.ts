import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { Public } from '../common/public.decorator';
import { HomeLayoutDto, SocialLinksDto, UpdateHomeLayoutDto, UpdateSocialLinksDto } from './dto/settings.dto';
import { SettingsService } from './settings.service';

@ApiTags('settings')
@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Get('social-links')
  @ApiOkResponse({ type: SocialLinksDto })
  getSocialLinks(): Promise<SocialLinksDto> {
    return this.settings.getSocialLinks();
  }

  @Put('social-links')
  @ApiOkResponse({ type: SocialLinksDto })
  @ApiErrors(400, 401)
  updateSocialLinks(@Body() changes: UpdateSocialLinksDto): Promise<SocialLinksDto> {
    return this.settings.updateSocialLinks(changes);
  }

  @Public()
  @Get('home-layout')
  @ApiOkResponse({ type: HomeLayoutDto })
  getHomeLayout(): Promise<HomeLayoutDto> {
    return this.settings.getHomeLayout();
  }

  @Put('home-layout')
  @ApiOkResponse({ type: HomeLayoutDto })
  @ApiErrors(400, 401)
  updateHomeLayout(@Body() changes: UpdateHomeLayoutDto): Promise<HomeLayoutDto> {
    return this.settings.updateHomeLayout(changes);
  }
}
