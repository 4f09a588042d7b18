<cfsetting enablecfoutputonly="true">
<!--- Seed 003's page: a cfhttp call to the slow dependency (the seed's google.com/robots.txt) and a
      SELECT * of every application table the datasource lists (the seed's cfdbinfo loop, skipping
      the SYS tables). Without ?pool, both happen on the request's thread: the control. With ?pool=N
      the call runs in a cfthread while the page queries, then the page joins it. Lucee starts each
      cfthread at once (it has no maxthreads setting), so ColdFusion's bound of N threads is a fair
      semaphore of N permits in the application scope, held by the thread body around its call:
      a thread beyond the N-th waits for a permit, as it would in ColdFusion's queue. The answer is
      the direct stack's: the dependency's document and each table's row count and checksum. --->
<cfparam name="url.pool" default="0">
<cfif NOT isValid("integer", url.pool) OR url.pool LT 0 OR url.pool GT 200>
  <cfheader statuscode="400">
  <cfcontent reset="true" type="text/plain">
  <cfoutput>pool must be 1 to 200</cfoutput>
  <cfabort>
</cfif>
<cfset pool = int(url.pool)>

<cfif pool EQ 0>
  <cfhttp url="#application.dependency#" method="get" result="call" timeout="30" throwonerror="true">
  </cfhttp>
<cfelse>
  <cfif NOT structKeyExists(application.pools, pool)>
    <cflock name="wsbench-page-pools" type="exclusive" timeout="10">
      <cfif NOT structKeyExists(application.pools, pool)>
        <cfset application.pools[pool] = createObject("java", "java.util.concurrent.Semaphore").init(javaCast("int", pool), true)>
      </cfif>
    </cflock>
  </cfif>
  <cfthread action="run" name="call" permits="#application.pools[pool]#" target="#application.dependency#">
    <cfset attributes.permits.acquire()>
    <cftry>
      <cfhttp url="#attributes.target#" method="get" result="thread.answer" timeout="30" throwonerror="true">
      </cfhttp>
      <cffinally>
        <cfset attributes.permits.release()>
      </cffinally>
    </cftry>
  </cfthread>
</cfif>

<cfdbinfo datasource="page" name="tables" type="tables">
<cfset BigInteger = createObject("java", "java.math.BigInteger")>
<cfset answer = createObject("java", "java.lang.StringBuilder").init()>
<cfloop query="tables">
  <cfif tables.table_type IS "TABLE" AND left(tables.table_name, 3) IS NOT "SYS" AND left(tables.table_name, 7) IS NOT "sqlite_">
    <cfquery datasource="page" name="rows">SELECT * FROM #tables.table_name#</cfquery>
    <!--- the contract's checksum: per row h = 31 * h + hashCode of each value's text, from 17; a row's
          h stays below 2^53, exact in a CFML number; the sum wraps at 64 bits like Java's long --->
    <cfset columns = queryColumnArray(rows)>
    <cfset sum = BigInteger.ZERO>
    <cfloop query="rows">
      <cfset h = 17>
      <cfloop array="#columns#" item="c">
        <cfset h = h * 31 + toString(rows[c][rows.currentRow]).hashCode()>
      </cfloop>
      <cfset sum = sum.add(BigInteger.valueOf(javaCast("long", h)))>
    </cfloop>
    <cfset answer.append('<table name="#tables.table_name#" rows="#rows.recordCount#" checksum="#sum.longValue()#"/>')>
  </cfif>
</cfloop>

<cfif pool GT 0>
  <cfthread action="join" name="call" timeout="30000"/>
  <cfif structKeyExists(cfthread.call, "error")>
    <cfthrow message="the dependency call failed: #cfthread.call.error.message#">
  </cfif>
  <cfif NOT structKeyExists(cfthread.call, "answer")>
    <cfthrow message="the dependency call did not finish: #cfthread.call.status#">
  </cfif>
  <cfset call = cfthread.call.answer>
</cfif>
<cfset fetched = replace(replace(call.fileContent, "&", "&amp;", "all"), "<", "&lt;", "all")>
<cfcontent reset="true" type="text/xml">
<cfoutput><?xml version="1.0" encoding="UTF-8"?><page mode="#pool GT 0 ? 'pool' : 'inline'#"#pool GT 0 ? ' pool="#pool#"' : ''#><dependency>#fetched#</dependency>#answer.toString()#</page></cfoutput>
