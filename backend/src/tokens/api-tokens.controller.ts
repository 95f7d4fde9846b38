import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import { SessionOnly } from '../auth/session-only.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { User } from '../users/user.entity';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';
import { Endpoint } from '../openapi/endpoint.decorator';

/** The signed-in author's personal access tokens. A token cannot manage tokens: only a session can. */
@ApiTags('tokens')
@SessionOnly()
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Post()
  @Endpoint({
    summary: 'Create an API token',
    description:
      'A personal access token for scripts, with a name and an optional expiry. The token (`mdw_…`) is in this answer only: the server keeps only its SHA-256. Send it as `Authorization: Bearer <token>`; it can do everything a session can except manage tokens, sign in or out and change the password. At most 50 tokens (409 `TOKEN_LIMIT`).',
  })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiErrors(400, 401, 409)
  createApiToken(@Body() input: CreateApiTokenDto, @CurrentUser() owner: User): Promise<CreatedApiTokenDto> {
    return this.tokens.create(owner, input);
  }

  @Get()
  @Endpoint({
    summary: 'List your API tokens',
    description: 'Name, creation date, last use (to the minute) and expiry of each token, newest first; never the tokens themselves.',
  })
  @ApiOkResponse({ type: [ApiTokenDto] })
  @ApiErrors(401)
  listApiTokens(@CurrentUser() owner: User): Promise<ApiTokenDto[]> {
    return this.tokens.list(owner);
  }

  @Delete(':id')
  @Endpoint({ summary: 'Revoke an API token', description: 'Deletes the token: from then on a call with it gets 401 `TOKEN_INVALID`.' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiErrors(400, 401, 404)
  revokeApiToken(@Param('id', ParseIdPipe) id: number, @CurrentUser() owner: User): Promise<void> {
    return this.tokens.revoke(owner, id);
  }
}
