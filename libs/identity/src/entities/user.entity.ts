import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import { Company } from './company.entity';

export type UserProfile = 'admin' | 'supervisor' | 'user';
export type AllTicket = 'enabled' | 'desabled';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id' })
  companyId!: number;

  @ManyToOne(() => Company)
  @JoinColumn({ name: 'company_id' })
  company?: Company;

  @Column()
  name!: string;

  /** Kept lower-cased; unique across the platform because login is by e-mail alone. */
  @Column()
  email!: string;

  @Column({ name: 'password_hash' })
  passwordHash!: string;

  @Column({ type: 'text' })
  profile!: UserProfile;

  @Column()
  super!: boolean;

  /** The spec's spelling: 'enabled' or 'desabled'. */
  @Column({ name: 'all_ticket', type: 'text' })
  allTicket!: AllTicket;

  @Column({ name: 'whatsapp_id', type: 'int', nullable: true })
  whatsappId!: number | null;

  /** Queue ids; the queues themselves belong to the conversations service. */
  @Column({ name: 'queue_ids', type: 'int', array: true })
  queueIds!: number[];

  /** As the browser last reported it; see `isOnline` for what counts. */
  @Column()
  online!: boolean;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
