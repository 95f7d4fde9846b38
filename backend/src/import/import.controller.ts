import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Post,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { DomainError } from '../common/domain-error';
import { payloadTooLarge } from '../common/payload-too-large.filter';
import { Endpoint } from '../openapi/endpoint.decorator';
import { ImportJobDto, ImportJobListDto, StartImportDto, StartImportFields } from './dto/import-job.dto';
import { ImportJobs } from './import-jobs.service';

/** A 100 MB WordPress export is common; a 500 MB one is a very big blog. */
const MAX_IMPORT_BYTES = 500 * 1024 * 1024;

/** Imports from WordPress, Blogger and Ghost (docs/decisions/026-import.md). */
@ApiTags('import')
@Controller('import')
export class ImportController {
  constructor(private readonly jobs: ImportJobs) {}

  @Post()
  @HttpCode(202)
  @Endpoint({
    summary: 'Start an import',
    description:
      'A multipart form with the export in the field `file`: a WordPress export (WXR 1.1 or 1.2), a Blogger export (Atom) or a Ghost export (JSON), at most 500 MB. The whole file is read and checked first: one that is not an export, or is damaged, is 400 `IMPORT_FILE_INVALID` and nothing is written. Then it imports in the background: follow it with `GET /api/import/{id}`. Posts, pages, categories, tags, comments and images land as the one author; every old address redirects (301) to the new one. Running the same file again changes nothing; an entry changed on the old blog since is updated. `dryRun` reports what it would do and writes nothing; `siteUrl` gives the address of a Ghost blog (Ghost does not write it in its export). 409 `IMPORT_RUNNING` while another import runs.',
  })
  @UseFilters(payloadTooLarge('The file is larger than 500 MB', 'IMPORT_FILE_TOO_LARGE'))
  // Written to DATA_DIR/imports as it arrives (import.module.ts), never held in memory.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: StartImportDto })
  @ApiAcceptedResponse({ type: ImportJobDto })
  @ApiErrors(400, 401, 409, 413)
  startImport(@UploadedFile() file: Express.Multer.File | undefined, @Body() input: StartImportFields): Promise<ImportJobDto> {
    if (!file) throw new DomainError('IMPORT_FILE_REQUIRED', 'Send the export in the multipart field "file"', HttpStatus.BAD_REQUEST);
    return this.jobs.start(file.path, Buffer.from(file.originalname, 'latin1').toString('utf8'), {
      dryRun: input.dryRun === true,
      siteUrl: input.siteUrl ?? null,
    });
  }

  @Get()
  @Endpoint({ summary: 'List the latest imports', description: 'The five latest, newest first, each with its progress or report.' })
  @ApiOkResponse({ type: ImportJobListDto })
  @ApiErrors(401)
  listImports(): Promise<ImportJobListDto> {
    return this.jobs.latest();
  }

  @Get(':id')
  @Endpoint({
    summary: 'Follow an import',
    description:
      'Its progress (`processed` of `total`, the entry it is on), then its report. A job whose server stopped shows as failed: run the file again to finish it (what was imported stays). 404 `IMPORT_NOT_FOUND`.',
  })
  @ApiOkResponse({ type: ImportJobDto })
  @ApiErrors(400, 401, 404)
  getImport(@Param('id', new ParseUUIDPipe()) id: string): Promise<ImportJobDto> {
    return this.jobs.find(id);
  }
}
