import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import { SessionOnly } from '../auth/session-only.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { User } from '../users/user.entity';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';

/** The signed-in author's personal access tokens. A token cannot manage tokens: only a session can. */
@ApiTags('tokens')
@SessionOnly()
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Post()
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiErrors(400, 401, 409)
  createApiToken(@Body() input: CreateApiTokenDto, @CurrentUser() owner: User): Promise<CreatedApiTokenDto> {
    return this.tokens.create(owner, input);
  }

  @Get()
  @ApiOkResponse({ type: [ApiTokenDto] })
  @ApiErrors(401)
  listApiTokens(@CurrentUser() owner: User): Promise<ApiTokenDto[]> {
    return this.tokens.list(owner);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiErrors(400, 401, 404)
  revokeApiToken(@Param('id', ParseIdPipe) id: number, @CurrentUser() owner: User): Promise<void> {
    return this.tokens.revoke(owner, id);
  }
}
