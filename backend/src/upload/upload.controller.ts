import { Controller, HttpStatus, Post, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { memoryStorage } from 'multer';
import { ApiErrors } from '../common/api-errors.decorator';
import { DomainError } from '../common/domain-error';
import { payloadTooLarge } from '../common/payload-too-large.filter';
import { MAX_IMAGE_BYTES, UploadService } from './upload.service';
import { Endpoint } from '../openapi/endpoint.decorator';

export class UploadImageDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG, GIF, WebP or AVIF, at most 5 MB' })
  image: unknown;
}

export class UploadResponseDto {
  @ApiProperty({ example: '/uploads/3f2a….webp' })
  url: string;
}

@ApiTags('upload')
@Controller('upload')
export class UploadController {
  constructor(private readonly upload: UploadService) {}

  @Post()
  @Endpoint({
    summary: 'Upload an image',
    description:
      "A multipart form with one file field named `image`: JPEG, PNG, GIF, WebP or AVIF, at most 5 MB and 40 megapixels. The image is re-encoded (which drops its metadata) and smaller AVIF and WebP variants are made; the answer's `url` is the address to use in posts. When the storage fails (a bucket down or unreachable), 503 `STORAGE_UNAVAILABLE` with `retryAfter`, and nothing of the upload is kept.",
  })
  @UseFilters(payloadTooLarge('The image is larger than 5 MB', 'IMAGE_TOO_LARGE'))
  @UseInterceptors(FileInterceptor('image', { storage: memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadImageDto })
  @ApiCreatedResponse({ type: UploadResponseDto })
  @ApiErrors(400, 401, 413, 503)
  async uploadImage(@UploadedFile() file: Express.Multer.File | undefined): Promise<UploadResponseDto> {
    if (!file) throw new DomainError('IMAGE_REQUIRED', 'Send the image in the multipart field "image"', HttpStatus.BAD_REQUEST);
    return { url: await this.upload.storeImage(file.buffer) };
  }
}
