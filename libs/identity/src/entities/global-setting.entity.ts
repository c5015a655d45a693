import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Platform-wide settings (allowregister, viewregister, trial), edited by super users. */
@Entity({ name: 'global_settings' })
export class GlobalSetting {
  @PrimaryColumn()
  key!: string;

  @Column()
  value!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
