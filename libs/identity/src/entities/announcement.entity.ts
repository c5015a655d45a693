import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A platform notice written by super users and shown to every company. */
@Entity({ name: 'announcements' })
export class Announcement {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  title!: string;

  @Column()
  text!: string;

  /** 1 high, 2 medium, 3 low. */
  @Column({ type: 'int' })
  priority!: number;

  @Column()
  status!: boolean;

  /** The attachment's key in the file storage. */
  @Column({ name: 'media_key', type: 'text', nullable: true })
  mediaKey!: string | null;

  @Column({ name: 'media_name', type: 'text', nullable: true })
  mediaName!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
