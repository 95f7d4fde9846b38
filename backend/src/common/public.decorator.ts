import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC_KEY = 'isPublic';

/**
 * Routes need a session unless they say otherwise: this marks the exceptions. It also tags the OpenAPI
 * operation (`x-public`), so the generated document and the tests know which routes are open.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension('x-public', true));
