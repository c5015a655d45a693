import { z } from 'zod';

/**
 * The parts of Meta's WhatsApp Business Account webhook the platform reads (fields it does not know
 * pass through untouched). https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components
 */
const mediaSchema = z.object({
  id: z.string().min(1).max(200),
  mime_type: z.string().max(255).optional(),
  caption: z.string().max(65_536).optional(),
  filename: z.string().max(255).optional(),
  voice: z.boolean().optional(),
});

export const cloudInboundMessageSchema = z.looseObject({
  from: z.string().regex(/^\d{5,20}$/),
  id: z.string().min(1).max(128),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(40),
  context: z
    .looseObject({
      from: z.string().optional(),
      id: z.string().max(128).optional(),
      forwarded: z.boolean().optional(),
      frequently_forwarded: z.boolean().optional(),
    })
    .optional(),
  text: z.object({ body: z.string().max(65_536) }).optional(),
  image: mediaSchema.optional(),
  video: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  document: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().max(1_000).optional(),
      address: z.string().max(1_000).optional(),
    })
    .optional(),
  contacts: z
    .array(
      z.looseObject({
        name: z.looseObject({ formatted_name: z.string().max(500).optional(), first_name: z.string().max(500).optional() }).optional(),
        phones: z
          .array(
            z.looseObject({
              phone: z.string().max(100).optional(),
              wa_id: z.string().max(40).optional(),
              type: z.string().max(40).optional(),
            }),
          )
          .max(50)
          .optional(),
      }),
    )
    .max(50)
    .optional(),
  reaction: z.object({ message_id: z.string().max(128), emoji: z.string().max(32).optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.object({ id: z.string().max(256), title: z.string().max(256) }).optional(),
      list_reply: z
        .object({ id: z.string().max(256), title: z.string().max(256), description: z.string().max(1_024).optional() })
        .optional(),
    })
    .optional(),
  button: z.object({ text: z.string().max(256), payload: z.string().max(1_024).optional() }).optional(),
});
export type CloudInboundMessage = z.infer<typeof cloudInboundMessageSchema>;

export const cloudStatusSchema = z.looseObject({
  id: z.string().min(1).max(128),
  status: z.string().max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(40).optional(),
  conversation: z.looseObject({ id: z.string().max(200), origin: z.looseObject({ type: z.string().max(60) }).optional() }).optional(),
  pricing: z
    .looseObject({ billable: z.boolean().optional(), pricing_model: z.string().max(40).optional(), category: z.string().max(60) })
    .optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number(),
        title: z.string().max(1_000).optional(),
        message: z.string().max(1_000).optional(),
        error_data: z.looseObject({ details: z.string().max(2_000).optional() }).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type CloudStatus = z.infer<typeof cloudStatusSchema>;

export const cloudChangeValueSchema = z.looseObject({
  messaging_product: z.literal('whatsapp').optional(),
  metadata: z.looseObject({ phone_number_id: z.string().max(40), display_phone_number: z.string().max(40).optional() }),
  contacts: z
    .array(z.looseObject({ wa_id: z.string().max(40), profile: z.looseObject({ name: z.string().max(500).optional() }).optional() }))
    .max(1_000)
    .optional(),
  messages: z.array(z.unknown()).max(1_000).optional(),
  statuses: z.array(z.unknown()).max(1_000).optional(),
});

export const cloudWebhookSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(40),
        changes: z.array(z.looseObject({ field: z.string().max(60), value: z.unknown() })).max(100),
      }),
    )
    .max(100),
});
export type CloudWebhook = z.infer<typeof cloudWebhookSchema>;

/** GET verification: Meta's `hub.*` query. */
export const cloudVerificationQuerySchema = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.verify_token': z.string().min(1).max(200),
  'hub.challenge': z.string().min(1).max(200),
});
