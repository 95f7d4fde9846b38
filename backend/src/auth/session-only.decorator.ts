import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';

export const SESSION_ONLY_KEY = 'sessionOnly';

/**
 * Routes an API token may not call (403 SESSION_REQUIRED): signing in and out, the account's password, the
 * admin's session check and the tokens themselves. A leaked token can then neither mint more tokens nor take the
 * account over. Tagged `x-session-only` in the OpenAPI document, which leaves the bearer scheme off them.
 */
export const SessionOnly = () => applyDecorators(SetMetadata(SESSION_ONLY_KEY, true), ApiExtension('x-session-only', true), ApiErrors(403));
