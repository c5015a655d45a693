import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'company_settings' })
export class CompanySetting {
  @PrimaryColumn({ name: 'company_id' })
  companyId!: number;

  @PrimaryColumn()
  key!: string;

  @Column()
  value!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
