/* An assembler source in the project: it must build as it is, with no C header. */
	.text
	.globl	project_nop
project_nop:
	ret
	.section .note.GNU-stack,"",@progbits
