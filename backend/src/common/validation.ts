import { ArgumentMetadata, HttpException, ValidationPipe } from '@nestjs/common';
import { httpError } from './error-body';

/**
 * Request bodies and queries are validated against their DTOs; fields a DTO does not declare are
 * rejected (400) rather than silently stored, and values are converted to the DTO's types.
 */
class RequestValidationPipe extends ValidationPipe {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Route parameters are checked by their own pipes (ParseIdPipe, slugs) on the raw text: converting first
    // would turn "0x1" or "1e3" into a number that then looks like a valid id.
    if (metadata.type === 'param') return value;
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof HttpException) throw error;
      // A validator or transformer that throws on odd input is the input's fault, not the server's.
      throw httpError(400, 'The request could not be validated', { code: 'INVALID_INPUT' });
    }
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
  });
}
