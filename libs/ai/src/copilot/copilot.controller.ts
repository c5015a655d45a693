import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';

import { CopilotRewriteDto, CopilotSuggestionDto } from './copilot.dto';
import { CopilotService } from './copilot.service';

/**
 * /copilot: every staff member of a company whose plan has an AI feature (useOpenAi or
 * useIntegrations), for the tickets they may open. Answers are text for the composer: nothing is sent.
 */
@Controller('copilot')
export class CopilotController {
  constructor(private readonly copilot: CopilotService) {}

  /** POST /copilot/tickets/{ticketId}/summary → {text, assistant, sources}. */
  @Post('tickets/:ticketId/summary')
  @HttpCode(200)
  summary(@CurrentTenancy() tenancy: Tenancy, @Headers('authorization') authorization: string, @IdParam('ticketId') ticketId: number) {
    return this.copilot.summary({ tenancy, authorization }, ticketId);
  }

  /** POST /copilot/tickets/{ticketId}/suggestion {language?} → {text, assistant, sources}. */
  @Post('tickets/:ticketId/suggestion')
  @HttpCode(200)
  suggestion(
    @CurrentTenancy() tenancy: Tenancy,
    @Headers('authorization') authorization: string,
    @IdParam('ticketId') ticketId: number,
    @Body() body: CopilotSuggestionDto,
  ) {
    return this.copilot.suggestion({ tenancy, authorization }, ticketId, body);
  }

  /** POST /copilot/rewrite {draft, mode, language?} → {text, assistant, sources}. */
  @Post('rewrite')
  @HttpCode(200)
  rewrite(@CurrentTenancy() tenancy: Tenancy, @Body() body: CopilotRewriteDto) {
    return this.copilot.rewrite(tenancy, body);
  }
}
