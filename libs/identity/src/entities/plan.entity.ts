import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'plans' })
export class Plan {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  name!: string;

  @Column({ type: 'int' })
  users!: number;

  @Column({ type: 'int' })
  connections!: number;

  @Column({ type: 'int' })
  queues!: number;

  @Column({ type: 'numeric', precision: 12, scale: 2, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  value!: number;

  @Column({ name: 'use_campaigns' })
  useCampaigns!: boolean;

  @Column({ name: 'use_schedules' })
  useSchedules!: boolean;

  @Column({ name: 'use_internal_chat' })
  useInternalChat!: boolean;

  @Column({ name: 'use_external_api' })
  useExternalApi!: boolean;

  @Column({ name: 'use_kanban' })
  useKanban!: boolean;

  @Column({ name: 'use_open_ai' })
  useOpenAi!: boolean;

  @Column({ name: 'use_integrations' })
  useIntegrations!: boolean;

  @Column({ name: 'use_internal' })
  useInternal!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
