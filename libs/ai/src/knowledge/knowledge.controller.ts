import { KNOWLEDGE_LIMITS } from '@app/contracts';
import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import { KnowledgeUploadFieldsDto, KnowledgeUrlDto } from './knowledge.dto';
import { KnowledgeService, type UploadedDocument } from './knowledge.service';

/**
 * /agents/{agentId}/knowledge: an agent's documents. Every user of the company reads the list;
 * admins add and delete (as they do the agent). Another company's agent is 404.
 */
@Controller('agents/:agentId/knowledge')
@RequirePlan('useIntegrations')
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @IdParam('agentId') agentId: number) {
    return this.knowledge.list(tenancy, agentId);
  }

  /** Multipart: `file` (PDF, DOCX, TXT, MD; at most KNOWLEDGE_LIMITS.uploadBytes) and an optional `title`. */
  @Post()
  @Roles('admin')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: KNOWLEDGE_LIMITS.uploadBytes, files: 1, fields: 4 } }))
  upload(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam('agentId') agentId: number,
    @UploadedFile() file: UploadedDocument | undefined,
    @Body() body: KnowledgeUploadFieldsDto,
  ) {
    return this.knowledge.upload(tenancy, agentId, file, body.title);
  }

  /** {url, title?}: the page's text, fetched through the outbound URL guard. */
  @Post('url')
  @Roles('admin')
  addUrl(@CurrentTenancy() tenancy: Tenancy, @IdParam('agentId') agentId: number, @Body() body: KnowledgeUrlDto) {
    return this.knowledge.addUrl(tenancy, agentId, body);
  }

  @Delete(':documentId')
  @Roles('admin')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam('agentId') agentId: number, @IdParam('documentId') documentId: number) {
    return this.knowledge.delete(tenancy, agentId, documentId);
  }
}
