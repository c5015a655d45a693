import type { ConnectionProvider, ConnectionStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A WhatsApp connection (the spec's "whatsapp"): its settings and the state of its session. */
@Entity({ name: 'connections' })
export class ConnectionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id' })
  companyId!: number;

  @Column()
  name!: string;

  @Column({ type: 'text' })
  status!: ConnectionStatus;

  @Column()
  number!: string;

  @Column({ name: 'is_default' })
  isDefault!: boolean;

  @Column()
  qrcode!: string;

  @Column({ name: 'qrcode_image' })
  qrcodeImage!: string;

  @Column({ type: 'int' })
  retries!: number;

  @Column({ name: 'queue_ids', type: 'int', array: true })
  queueIds!: number[];

  @Column({ name: 'transfer_queue_id', type: 'int', nullable: true })
  transferQueueId!: number | null;

  @Column({ name: 'prompt_id', type: 'int', nullable: true })
  promptId!: number | null;

  @Column({ name: 'greeting_message' })
  greetingMessage!: string;

  @Column({ name: 'complation_message' })
  complationMessage!: string;

  @Column({ name: 'out_of_hours_message' })
  outOfHoursMessage!: string;

  @Column({ name: 'rating_message' })
  ratingMessage!: string;

  @Column()
  token!: string;

  @Column({ type: 'text' })
  provider!: ConnectionProvider;

  @Column({ name: 'expires_inactive_message' })
  expiresInactiveMessage!: string;

  @Column({ name: 'expires_ticket', type: 'int' })
  expiresTicket!: number;

  @Column({ name: 'time_use_bot_queues', type: 'int' })
  timeUseBotQueues!: number;

  @Column({ name: 'max_use_bot_queues', type: 'int' })
  maxUseBotQueues!: number;

  @Column({ name: 'active_transcribe' })
  activeTranscribe!: boolean;

  @Column({ type: 'text', nullable: true })
  timeresume!: string | null;

  @Column()
  transcribe!: boolean;

  @Column()
  transcribeme!: boolean;

  @Column()
  transcribekey!: string;

  @Column({ type: 'text' })
  transcribeprovider!: 'openai' | 'deepgram' | 'assemblyai';

  @Column()
  sendme!: boolean;

  @Column({ type: 'int' })
  timeforagroup!: number;

  @Column({ name: 'proxy_url' })
  proxyUrl!: string;

  @Column({ name: 'time_to_transfer', type: 'int', nullable: true })
  timeToTransfer!: number | null;

  @Column({ name: 'api1_medias', type: 'jsonb' })
  api1_medias!: (string | null)[];

  @Column({ name: 'api2_medias', type: 'jsonb' })
  api2_medias!: (string | null)[];

  @Column({ name: 'api3_medias', type: 'jsonb' })
  api3_medias!: (string | null)[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
