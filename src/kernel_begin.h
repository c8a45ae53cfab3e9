/*
 * Just before the kernel's text. Names the kernel gives external linkage would leak
 * into every program that links liblockdep.c (a program may well have its own printk
 * or lock_acquire). We cannot make the kernel's definitions static without editing
 * them, so each such name is renamed into liblockdep's namespace here; config.h has
 * made them hidden too, so a shared library built from liblockdep.c exports none.
 */
#define __get_key_name			liblockdep__get_key_name
#define __lock_is_held			liblockdep__lock_is_held
#define __lockdep_no_track__		liblockdep__lockdep_no_track
#define __lockdep_no_validate__		liblockdep__lockdep_no_validate
#define check_consistency		liblockdep__check_consistency
#define clear_lock_stats		liblockdep__clear_lock_stats
#define debug_check_no_locks_freed	liblockdep__debug_check_no_locks_freed
#define debug_check_no_locks_held	liblockdep__debug_check_no_locks_held
#define debug_locks			liblockdep__debug_locks
#define debug_locks_off			liblockdep__debug_locks_off
#define debug_locks_silent		liblockdep__debug_locks_silent
#define debug_show_all_locks		liblockdep__debug_show_all_locks
#define debug_show_held_locks		liblockdep__debug_show_held_locks
#define get_usage_chars			liblockdep__get_usage_chars
#define lock_acquire			liblockdep__lock_acquire
#define lock_acquired			liblockdep__lock_acquired
#define lock_chain_count		liblockdep__lock_chain_count
#define lock_chain_get_class		liblockdep__lock_chain_get_class
#define lock_chains			liblockdep__lock_chains
#define lock_classes			liblockdep__lock_classes
#define lock_classes_in_use		liblockdep__lock_classes_in_use
#define lock_contended			liblockdep__lock_contended
#define lock_downgrade			liblockdep__lock_downgrade
#define lock_is_held_type		liblockdep__lock_is_held_type
#define lock_pin_lock			liblockdep__lock_pin_lock
#define lock_release			liblockdep__lock_release
#define lock_repin_lock			liblockdep__lock_repin_lock
#define lock_set_class			liblockdep__lock_set_class
#define lock_stats			liblockdep__lock_stats
#define lock_sync			liblockdep__lock_sync
#define lock_unpin_lock			liblockdep__lock_unpin_lock
#define lockdep_count_backward_deps	liblockdep__lockdep_count_backward_deps
#define lockdep_count_forward_deps	liblockdep__lockdep_count_forward_deps
#define lockdep_free_key_range		liblockdep__lockdep_free_key_range
#define lockdep_init			liblockdep__lockdep_init
#define lockdep_init_map_type		liblockdep__lockdep_init_map_type
#define lockdep_init_task		liblockdep__lockdep_init_task
#define lockdep_next_lockchain		liblockdep__lockdep_next_lockchain
#define lockdep_rcu_suspicious		liblockdep__lockdep_rcu_suspicious
#define lockdep_recursion		liblockdep__lockdep_recursion
#define lockdep_register_key		liblockdep__lockdep_register_key
#define lockdep_reset			liblockdep__lockdep_reset
#define lockdep_reset_lock		liblockdep__lockdep_reset_lock
#define lockdep_set_lock_cmp_fn		liblockdep__lockdep_set_lock_cmp_fn
#define lockdep_set_selftest_task	liblockdep__lockdep_set_selftest_task
#define lockdep_stack_hash_count	liblockdep__lockdep_stack_hash_count
#define lockdep_stack_trace_count	liblockdep__lockdep_stack_trace_count
#define lockdep_sys_exit		liblockdep__lockdep_sys_exit
#define lockdep_unregister_key		liblockdep__lockdep_unregister_key
#define max_bfs_queue_depth		liblockdep__max_bfs_queue_depth
#define max_lock_class_idx		liblockdep__max_lock_class_idx
#define max_lockdep_depth		liblockdep__max_lockdep_depth
#define nr_free_chain_hlocks		liblockdep__nr_free_chain_hlocks
#define nr_hardirq_chains		liblockdep__nr_hardirq_chains
#define nr_large_chain_blocks		liblockdep__nr_large_chain_blocks
#define nr_list_entries			liblockdep__nr_list_entries
#define nr_lock_classes			liblockdep__nr_lock_classes
#define nr_lost_chain_hlocks		liblockdep__nr_lost_chain_hlocks
#define nr_process_chains		liblockdep__nr_process_chains
#define nr_softirq_chains		liblockdep__nr_softirq_chains
#define nr_stack_trace_entries		liblockdep__nr_stack_trace_entries
#define nr_zapped_classes		liblockdep__nr_zapped_classes
#define print_irqtrace_events		liblockdep__print_irqtrace_events
#define nr_zapped_lock_chains		liblockdep__nr_zapped_lock_chains
#define read_lock_is_recursive		liblockdep__read_lock_is_recursive
#define stack_trace_print		liblockdep__stack_trace_print
#define stack_trace_save		liblockdep__stack_trace_save
