import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from './dto';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in, or the API token is unknown, revoked or expired',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with an existing record',
  413: 'Too large',
  429: 'Too many attempts',
};

/** Documents the error responses a route can give, all in the one error shape. */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status], type: ErrorDto })));
