import { FILE_LIST_OPTIONS_MAX, MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';

import { FileListBodyDto, FileListPageQueryDto, FileListUploadFieldsDto } from './file-list.dto';
import { FileListService, type UploadedFile } from './file-list.service';

/** /files: the company's file lists, for every user of it; the Whaticket web's companyId is not read. */
@Controller('files')
export class FileListController {
  constructor(private readonly fileLists: FileListService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: FileListPageQueryDto) {
    return this.fileLists.page(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.fileLists.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: FileListBodyDto) {
    return this.fileLists.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: FileListBodyDto) {
    return this.fileLists.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.fileLists.delete(tenancy, id);
  }

  /** Multipart `files` with, per file, the option's `id` and `name`. */
  @Post('uploadList/:id')
  @UseInterceptors(FilesInterceptor('files', FILE_LIST_OPTIONS_MAX, { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES } }))
  upload(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam() id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @Body() fields: FileListUploadFieldsDto,
  ) {
    return this.fileLists.upload(tenancy, id, files, fields);
  }
}
