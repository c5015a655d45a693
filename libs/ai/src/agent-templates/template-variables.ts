import { renderMessageVariables } from '@app/contracts';

type Answer = string | number | boolean | null;

/** The placeholders every template may use, with the answer keys that fill them (snake_case or camelCase). */
const KNOWN: Record<string, readonly string[]> = {
  AGENT_NAME: ['agent_name', 'agentName', 'name'],
  COMPANY_NAME: ['company_name', 'companyName'],
  BUSINESS_TYPE: ['business_type', 'businessType'],
  BUSINESS_DESCRIPTION: ['business_description', 'businessDescription', 'companyDescription'],
  TONE: ['tone'],
  MAIN_SERVICES: ['main_services', 'mainServices'],
  WORKING_HOURS: ['working_hours', 'workingHours', 'businessHours'],
  LOCATION: ['location'],
  COMMON_QUESTIONS: ['common_questions', 'commonQuestions'],
  SPECIAL_INSTRUCTIONS: ['special_instructions', 'specialInstructions'],
  GREETING_EXAMPLE: ['greeting_example', 'greetingExample'],
  RULES: ['rules'],
  CONVERSATION_EXAMPLES: ['conversation_examples', 'conversationExamples'],
};

/** The wizard's tone codes (spec 3 section 9) as the prompt says them. */
const TONE_WORDS: Record<string, string> = {
  formal: 'formal',
  informal: 'informal',
  amigavel: 'amigável',
  profissional: 'profissional',
  descontraido: 'descontraído',
};

const NOT_GIVEN = 'não informado';

/** agentName, agent_name or agent-name → AGENT_NAME. */
export const placeholderName = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/** The date parts of `at` on the company's clock. */
function clock(at: Date, timeZone: string) {
  const day = (offsetDays: number) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'long', day: '2-digit', month: 'long', year: 'numeric' }).format(
      new Date(at.getTime() + offsetDays * 86_400_000),
    );
  return {
    CURRENT_DATE: day(0),
    TOMORROW_DATE: day(1),
    YESTERDAY_DATE: day(-1),
    CURRENT_TIME: new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at),
  };
}

/**
 * The template's base prompt with its placeholders filled: each answer fills the placeholder of its
 * name ({{AGENT_NAME}} from agent_name or agentName...), the known ones left unanswered read
 * 'não informado', the date and time are the company's clock; any other placeholder stays as written.
 */
export function fillTemplate(basePrompt: string, data: Record<string, Answer>, at: Date, timeZone: string): string {
  const values = new Map<string, string>();
  for (const [key, answer] of Object.entries(data)) {
    if (answer === null || answer === '') continue;
    values.set(placeholderName(key), String(answer).trim());
  }
  for (const [placeholder, keys] of Object.entries(KNOWN)) {
    const answer = keys.map((key) => data[key]).find((value) => value !== undefined && value !== null && String(value).trim() !== '');
    values.set(placeholder, answer !== undefined && answer !== null ? String(answer).trim() : (values.get(placeholder) ?? NOT_GIVEN));
  }
  const tone = values.get('TONE')!;
  values.set('TONE', TONE_WORDS[tone] ?? tone);
  for (const [placeholder, value] of Object.entries(clock(at, timeZone))) values.set(placeholder, value);
  return renderMessageVariables(basePrompt, values);
}
