import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type EmailCodePurpose = 'signup' | 'reset';

/** A six-digit code sent by e-mail for sign-up or password reset; only its hash is kept. */
@Entity({ name: 'email_codes' })
export class EmailCode {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  purpose!: EmailCodePurpose;

  @Column()
  email!: string;

  @Column({ name: 'code_hash' })
  codeHash!: string;

  /** Wrong guesses so far; the code dies at the limit. */
  @Column({ type: 'int' })
  attempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Sign-up: when /verify-code accepted it; /companies/cadastro needs it. */
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
