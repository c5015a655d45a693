import {
  type CampaignVariable,
  type MessageContact,
  messageVariableValues,
  type OutboundTemplate,
  renderMessageVariables,
  type SendContent,
} from '@app/contracts';

/**
 * A Cloud API template for one recipient (issue 27): each of its variables filled as a message
 * is (`{{primeiroNome}}` ... or fixed text). Meta refuses an empty variable, so one left empty (a
 * contact without e-mail) is sent as '-'; each is cut to Meta's length.
 */
export function fillTemplate(
  template: OutboundTemplate,
  recipient: MessageContact,
  variables: readonly CampaignVariable[],
): Extract<SendContent, { type: 'template' }> {
  const values = messageVariableValues(recipient, variables);
  const fill = (parameter: string, max: number) => renderMessageVariables(parameter, values).trim().slice(0, max) || '-';
  return {
    type: 'template',
    name: template.name,
    language: template.language,
    bodyParameters: template.bodyParameters.map((parameter) => fill(parameter, 1_024)),
    headerParameters: template.headerParameters.map((parameter) => fill(parameter, 60)),
  };
}
